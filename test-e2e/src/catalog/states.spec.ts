import type { State } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { stateDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { ref, update, updateError } from './catalog-helpers.js';

const newState = (overrides: Record<string, unknown> = {}) =>
  api.create<State>('states', stateDraft(overrides));

describe('States', () => {
  it('are created through the SDK with type, roles, initial and transitions to states of the same type', async () => {
    const client = await sdk();
    const done = await newState({ transitions: [] });
    const draft = stateDraft({
      type: 'ProductState',
      name: { en: 'Review' },
      initial: true,
      transitions: [{ typeId: 'state', key: done.key }],
    });
    const { body, statusCode } = await client.states().post({ body: draft }).execute();
    expect(statusCode).toBe(201);
    expect(body).toMatchObject({
      key: draft.key,
      type: 'ProductState',
      name: { en: 'Review' },
      initial: true,
      builtIn: false,
      roles: [],
      transitions: [ref(done, 'state')],
    });
    expect(done.transitions).toEqual([]);
    const expanded = await client
      .states()
      .withId({ ID: body.id })
      .get({ queryArgs: { expand: ['transitions[*]'] } })
      .execute();
    expect(expanded.body.transitions?.[0].obj?.key).toBe(done.key);
    const lineItem = await client
      .states()
      .post({ body: { key: `${draft.key}-li`, type: 'LineItemState', roles: ['Return'] } })
      .execute();
    expect(lineItem.body).toMatchObject({ type: 'LineItemState', roles: ['Return'], initial: false });
  });

  it('refuse transitions to a state of another type or to a missing state', async () => {
    const other = await newState({ type: 'OrderState' });
    const mixed = await api.post('states', stateDraft({ transitions: [ref(other, 'state')] }));
    expect(mixed.body.errors[0].code).toBe('InvalidOperation');
    const missing = await api.post('states', stateDraft({ transitions: [{ typeId: 'state', id: 'nope' }] }));
    expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'state' });
    const role = await api.post('states', stateDraft({ roles: ['Boss'] }));
    expect(role.body.errors[0].code).toBe('InvalidJsonInput');
  });

  it('apply every update action', async () => {
    const target = await newState();
    let state = await newState({ roles: ['Return'] });
    state = await update(
      'states',
      state,
      { action: 'addRoles', roles: ['ReviewIncludedInStatistics'] },
      { action: 'removeRoles', roles: ['Return'] },
      { action: 'changeInitial', initial: true },
      { action: 'changeKey', key: `${state.key}-x` },
      { action: 'setName', name: { en: 'N' } },
      { action: 'setDescription', description: { en: 'D' } },
      { action: 'setTransitions', transitions: [ref(target, 'state')] },
    );
    expect(state).toMatchObject({
      roles: ['ReviewIncludedInStatistics'],
      initial: true,
      key: expect.stringMatching(/-x$/),
      name: { en: 'N' },
      description: { en: 'D' },
      transitions: [ref(target, 'state')],
    });
    state = await update(
      'states',
      state,
      { action: 'setRoles', roles: ['Return'] },
      { action: 'setTransitions' },
    );
    expect(state.roles).toEqual(['Return']);
    expect(state).not.toHaveProperty('transitions');
    state = await update('states', state, { action: 'changeType', type: 'ReviewState' });
    expect(state.type).toBe('ReviewState');
    const again = await updateError('states', state, { action: 'addRoles', roles: ['Return'] });
    expect(again.error.code).toBe('InvalidOperation');
    const otherType = await updateError('states', state, {
      action: 'setTransitions',
      transitions: [ref(target, 'state')],
    });
    expect(otherType.error.code).toBe('InvalidOperation');
  });

  it('can not be deleted while another state leads to it', async () => {
    const target = await newState();
    const source = await newState({ transitions: [ref(target, 'state')] });
    const refused = await api.delete(`states/${target.id}?version=${target.version}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'state' });
    expect((await api.delete(`states/${source.id}?version=${source.version}`)).status).toBe(200);
    expect((await api.delete(`states/${target.id}?version=${target.version}`)).status).toBe(200);
  });

  it('include the built-in initial LineItemState, which can not be deleted', async () => {
    const { body } = await api.get('states?where=' + encodeURIComponent('builtIn = true'));
    expect(body.results).toEqual([
      expect.objectContaining({ key: 'Initial', type: 'LineItemState', initial: true, builtIn: true }),
    ]);
    const [initial] = body.results as State[];
    const refused = await api.delete(`states/${initial.id}?version=${initial.version}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].code).toBe('InvalidOperation');
    expect((await api.get(`states/key=Initial`)).body.id).toBe(initial.id);
  });
});
