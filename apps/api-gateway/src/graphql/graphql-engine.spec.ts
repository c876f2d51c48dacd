import { Logger } from '@nestjs/common';
import { buildGraphqlEngine, schemaSdl } from './graphql-engine.js';

/** The engine is built on the first GraphQL request, not at start: a broken schema or resolver map fails here. */
describe(buildGraphqlEngine.name, () => {
  it('builds the schema with every resolver and serves it as SDL', async () => {
    const engine = await buildGraphqlEngine(new Logger('test'));
    try {
      const sdl = schemaSdl(engine);
      expect(sdl).toContain('type Query');
      expect(sdl).toContain('type Mutation');
      expect(sdl).toMatch(/inStore\(/);
      const answer = await engine.graphql('{ __schema { queryType { name } } }');
      expect(answer).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    } finally {
      await engine.close();
    }
  });
});
