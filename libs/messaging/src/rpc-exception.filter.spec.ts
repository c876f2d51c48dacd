import type { ArgumentsHost } from '@nestjs/common';
import { firstValueFrom, type Observable } from 'rxjs';
import { RpcErrorFilter } from './rpc-exception.filter.js';

/** What an RPC handler's failure becomes on the wire (the filter's Observable errors with it). */
async function wireOf(
  exception: unknown,
): Promise<{ body: { statusCode: number; errors: Array<{ code: string }> } }> {
  const host = {
    getType: () => 'rpc',
    switchToRpc: () => ({ getData: () => ({ ctx: { correlationId: 'c-1' } }) }),
  } as unknown as ArgumentsHost;
  const result = new RpcErrorFilter().catch(exception, host) as Observable<never>;
  return firstValueFrom(result).catch((wire: unknown) => wire as never);
}

describe(RpcErrorFilter.name, () => {
  it.each(['40P01', '40001'])(
    'answers a transaction PostgreSQL ended for colliding (SQLSTATE %s) as 409 ConcurrentModification',
    async (code) => {
      const wire = await wireOf(Object.assign(new Error('deadlock detected'), { driverError: { code } }));
      expect(wire.body.statusCode).toBe(409);
      expect(wire.body.errors[0].code).toBe('ConcurrentModification');
    },
  );

  it('answers a NUL character as InvalidInput and anything unknown as General', async () => {
    expect((await wireOf({ driverError: { code: '22021' } })).body.errors[0].code).toBe('InvalidInput');
    expect((await wireOf(new Error('boom'))).body.errors[0].code).toBe('General');
  });
});
