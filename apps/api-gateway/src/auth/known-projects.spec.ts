import { Errors } from '@commerce/errors';
import type { RpcClient } from '@commerce/messaging';
import { KnownProjects } from './known-projects.js';

function projectsOf(existing: string[], failure?: Error) {
  const asked: string[] = [];
  const rpc = {
    send: (_subject: string, { ctx }: { ctx: { projectKey: string } }) => {
      asked.push(ctx.projectKey);
      if (failure) return Promise.reject(failure);
      return existing.includes(ctx.projectKey)
        ? Promise.resolve({ key: ctx.projectKey })
        : Promise.reject(Errors.resourceNotFound({ key: ctx.projectKey }));
    },
  } as unknown as RpcClient;
  return { projects: new KnownProjects(rpc), asked };
}

describe(KnownProjects.name, () => {
  it('knows existing projects and unknown ones, asking auth-service once per key', async () => {
    const { projects, asked } = projectsOf(['shop']);
    expect(await projects.exists('shop', 'c')).toBe(true);
    expect(await projects.exists('nope', 'c')).toBe(false);
    expect(await projects.exists('shop', 'c')).toBe(true);
    expect(await projects.exists('nope', 'c')).toBe(false);
    expect(asked).toEqual(['shop', 'nope']);
  });

  it('passes other failures on and caches nothing for them', async () => {
    const { projects, asked } = projectsOf([], Errors.gatewayTimeout('auth-service'));
    await expect(projects.exists('shop', 'c')).rejects.toMatchObject({ code: 'GatewayTimeout' });
    await expect(projects.exists('shop', 'c')).rejects.toMatchObject({ code: 'GatewayTimeout' });
    expect(asked).toEqual(['shop', 'shop']);
  });
});
