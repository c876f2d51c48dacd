import { judgeKeyedWrite, judgeUpdateChain, outcomeOf } from './ledger.js';

describe(outcomeOf.name, () => {
  it.each([
    [201, {}, 'acked'],
    [504, { errors: [{ code: 'GatewayTimeout', outcome: 'not-applied' }] }, 'not-applied'],
    [504, { errors: [{ code: 'GatewayTimeout', outcome: 'unknown' }] }, 'unknown'],
    [502, { errors: [{ code: 'BadGateway', outcome: 'not-applied' }] }, 'not-applied'],
    [500, { errors: [{ code: 'General' }] }, 'unknown'],
    [503, { errors: [{ code: 'ServiceUnavailable' }] }, 'unknown'],
    [409, { errors: [{ code: 'ConcurrentModification' }] }, 'rejected'],
    [undefined, undefined, 'unknown'],
  ] as const)('reads %s %j as %s', (status, body, outcome) => {
    expect(outcomeOf(status, body)).toBe(outcome);
  });
});

describe(judgeKeyedWrite.name, () => {
  it.each([
    ['acked', 1, { lost: 0, duplicated: 0, wrong: 0 }],
    ['acked', 0, { lost: 1, duplicated: 0, wrong: 0 }],
    ['acked', 2, { lost: 0, duplicated: 1, wrong: 0 }],
    ['unknown', 0, { lost: 0, duplicated: 0, wrong: 0 }],
    ['unknown', 1, { lost: 0, duplicated: 0, wrong: 0 }],
    ['unknown', 3, { lost: 0, duplicated: 2, wrong: 0 }],
    ['not-applied', 0, { lost: 0, duplicated: 0, wrong: 0 }],
    ['not-applied', 1, { lost: 0, duplicated: 0, wrong: 1 }],
  ] as const)('judges %s with %i rows', (outcome, found, verdict) => {
    expect(judgeKeyedWrite(outcome, found)).toEqual(verdict);
  });
});

describe(judgeUpdateChain.name, () => {
  it('accepts any count between the acknowledged and those plus the unknown', () => {
    expect(judgeUpdateChain(5, 2, 5)).toEqual({ lost: 0, duplicated: 0, wrong: 0 });
    expect(judgeUpdateChain(5, 2, 7)).toEqual({ lost: 0, duplicated: 0, wrong: 0 });
  });

  it('counts missing and surplus versions', () => {
    expect(judgeUpdateChain(5, 0, 4)).toEqual({ lost: 1, duplicated: 0, wrong: 0 });
    expect(judgeUpdateChain(5, 1, 8)).toEqual({ lost: 0, duplicated: 2, wrong: 0 });
  });
});
