import 'reflect-metadata';
import { ApiError } from '@commerce/errors';
import { IsString } from 'class-validator';
import { action, applyActions, type ActionTable } from './update-actions.js';

interface Note {
  text: string;
  log: string[];
}

class SetTextAction {
  @IsString()
  text: string;
}

/** A context of its own, as Projects use one: the pipeline is generic over what actions may use. */
interface Context {
  applied: string[];
}

const table: ActionTable<Note, Context> = {
  setText: action(SetTextAction, (note: Note, { text }, context: Context) => {
    context.applied.push(text);
    return { resource: { ...note, text }, messages: [{ type: 'NoteTextSet', text }] };
  }),
  fail: action(SetTextAction, () => {
    throw new ApiError({ code: 'InvalidOperation', message: 'no' });
  }),
};

const note: Note = { text: 'a', log: [] };

describe(applyActions.name, () => {
  it('applies in order and keeps one Message per action that changed something', async () => {
    const context: Context = { applied: [] };
    const result = await applyActions(
      table,
      note,
      [
        { action: 'setText', text: 'b' },
        { action: 'setText', text: 'b' },
        { action: 'setText', text: 'c' },
      ],
      context,
    );
    expect(result).toMatchObject({ resource: { text: 'c' }, changed: true, writes: [] });
    expect(result.messages).toEqual([
      { type: 'NoteTextSet', text: 'b' },
      { type: 'NoteTextSet', text: 'c' },
    ]);
    expect(context.applied).toEqual(['b', 'b', 'c']);
  });

  it('reports no change when every action left the resource as it was', async () => {
    const result = await applyActions(table, note, [{ action: 'setText', text: 'a' }], { applied: [] });
    expect(result).toEqual({ resource: note, messages: [], writes: [], changed: false });
  });

  it('reports no change when the changes together came back to the resource as it was', async () => {
    const result = await applyActions(
      table,
      note,
      [
        { action: 'setText', text: 'b' },
        { action: 'setText', text: 'a' },
      ],
      { applied: [] },
    );
    expect(result).toMatchObject({ resource: { text: 'a' }, changed: false });
  });

  it('reports a change made by a single action', async () => {
    const result = await applyActions(table, note, [{ action: 'setText', text: 'z' }], { applied: [] });
    expect(result).toMatchObject({ resource: { text: 'z' }, changed: true });
  });

  it('validates every action before applying any, naming all problems', async () => {
    const context: Context = { applied: [] };
    const error = await applyActions(
      table,
      note,
      [{ action: 'setText', text: 'b' }, { action: 'setText', text: 1 }, { action: 'nope' }],
      context,
    ).catch((e: unknown) => e as ApiError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('InvalidJsonInput');
    const detail = String((error as ApiError).errors[0].detailedErrorMessage);
    expect(detail).toContain('actions[1].text');
    expect(detail).toContain('actions[2].action: unknown update action "nope"');
    expect(context.applied).toEqual([]);
  });

  it('fails the whole request when one action fails', async () => {
    await expect(
      applyActions(
        table,
        note,
        [
          { action: 'setText', text: 'b' },
          { action: 'fail', text: 'x' },
        ],
        {
          applied: [],
        },
      ),
    ).rejects.toMatchObject({ code: 'InvalidOperation' });
  });
});
