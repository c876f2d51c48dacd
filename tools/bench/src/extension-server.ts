import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The API Extension of `--scenarios extensions`, as its own process (so that it does not share the event loop
 * with autocannon): answers every POST at once with 200 and no update actions, counts the calls, and tells the
 * count on `GET /calls`. Prints "listening <port>" once it listens on loopback.
 */
let calls = 0;
const server = http.createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ calls }));
    return;
  }
  request.resume();
  request.on('end', () => {
    calls += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"actions":[]}');
  });
});
// The platform keeps its connections to the extension alive between the turns.
server.keepAliveTimeout = 120_000;
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`),
);
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
