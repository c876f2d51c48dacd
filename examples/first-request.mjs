// The first request through the official SDKs, against a platform started with `npm start`:
//   node examples/first-request.mjs
// It reads the admin client that `npm start` generated (.data/admin-client.json); COMMERCE_API_URL,
// COMMERCE_PROJECT_KEY, COMMERCE_CLIENT_ID and COMMERCE_CLIENT_SECRET point it elsewhere.
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { existsSync, readFileSync } from 'node:fs';

const saved = existsSync('.data/admin-client.json')
  ? JSON.parse(readFileSync('.data/admin-client.json', 'utf8'))
  : {};
const host = process.env.COMMERCE_API_URL ?? 'http://127.0.0.1:8080';
const projectKey = process.env.COMMERCE_PROJECT_KEY ?? 'demo';
const credentials = {
  clientId: process.env.COMMERCE_CLIENT_ID ?? saved.clientId,
  clientSecret: process.env.COMMERCE_CLIENT_SECRET ?? saved.clientSecret,
};

const client = new ClientBuilder()
  .withProjectKey(projectKey)
  .withClientCredentialsFlow({ host, projectKey, credentials })
  .withHttpMiddleware({ host })
  .build();
const api = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });

const key = `store-${Date.now()}`;
await api.stores().post({ body: { key, name: { en: 'My first Store' } } }).execute();
const { body: store } = await api.stores().withKey({ key }).get().execute();
console.log(`Created Store '${store.key}' (id ${store.id}, version ${store.version}).`);
const { body: page } = await api.stores().get({ queryArgs: { sort: 'createdAt desc', limit: 5 } }).execute();
console.log(`The project has ${page.total} Stores; the newest: ${page.results.map((s) => s.key).join(', ')}.`);
