// The floor: a bare Fastify 5 hello route, what the framework itself can do on this machine.
// Usage: node bench/lib/floor.mjs PORT
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
