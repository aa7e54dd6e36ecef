// The rolling restart proof (run by scripts/rolling-restart.sh, which makes sure nginx is there):
// nginx in front of two FitBench instances on one PostgreSQL database; autocannon sends mixed
// reads and saves (each save with its own idempotency key) while each instance in turn is stopped
// with SIGTERM and started again. Prints the counts; exits 1 unless no request failed and every
// acknowledged save is in the database. See docs/decisions/0042-rolling-restarts.md.
//
// Usage: node --import tsx scripts/rolling-restart.ts NGINX_BINARY
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { register, sleep, type Member } from '../reliability/helpers/api';
import { freshDatabase } from '../reliability/helpers/fresh-database';
import { freePort } from '../reliability/helpers/pg-cluster';
import { startServer, stopServer, waitReady, type Server } from '../reliability/helpers/server';

const nginxBin = process.argv[2] ?? 'nginx';
const repo = process.cwd();
const proxySnippet = path.join(repo, 'deploy/nginx/fitbench-proxy.conf');
const t0 = Date.now();
const say = (msg: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)} s] ${msg}`);

/** nginx's own configuration: a temp prefix, no root paths, the repository's proxy settings. */
function nginxConfig(dir: string, listen: number, upstreams: number[]) {
  // The upstream parameters are those of deploy/nginx/fitbench.conf.
  const servers = upstreams
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream fitbench {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    # nginx closes a client's kept-alive connection after 1,000 requests (its default); the load
    # client (autocannon) may already have written its next request by then, and counts the reset
    # as a failed request. Browsers open a new connection and send it again: not a server failure.
    keepalive_requests 1000000;
    location / {
      include ${proxySnippet};
    }
  }
}
`;
}

interface Instance {
  name: string;
  port: number;
  server: Server;
}

async function main() {
  const db = await freshDatabase('fitbench_rolling');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-nginx-'));
  let nginx: ChildProcess | undefined;
  const instances: Instance[] = [];
  const env = {
    DATABASE_URL: db.url,
    // Requests come through nginx on this host; a save limit the load cannot reach.
    TRUST_PROXY: '127.0.0.1',
    SAVE_MAX: '1000000',
  };
  const cleanup = async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(instances.map((i) => stopServer(i.server, 'SIGKILL')));
    await db.drop().catch((err: Error) => console.error(`dropping the database: ${err.message}`));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    say(`database on ${db.where}; starting two instances`);
    const ports = [await freePort(), await freePort()];
    for (const [i, port] of ports.entries()) {
      instances.push({ name: 'AB'[i]!, port, server: await startServer(env, port) });
    }
    await Promise.all(instances.map((i) => waitReady(i.server)));

    const listen = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig(dir, listen, ports));
    const test = spawnSync(
      nginxBin,
      ['-t', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf],
      { encoding: 'utf8' },
    );
    if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
    nginx = spawn(nginxBin, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${listen}`;
    for (let n = 0; ; n++) {
      const ok = await fetch(`${base}/api/ready`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (n > 100)
        throw new Error(
          `nginx does not answer on ${base}: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`,
        );
      await sleep(100);
    }
    say(`nginx ${listen} -> instances A ${ports[0]}, B ${ports[1]}`);

    const members: Member[] = [];
    for (let i = 0; i < 4; i++) members.push(await register(base, `rolling${i}`));

    // Load: each connection cycles save, board, own profile, as one member; every save has a
    // fresh idempotency key and its acknowledged id is recorded.
    const sent = new Set<string>();
    const acked = new Map<string, number>();
    const failures = new Map<string, number>();
    let connection = 0;
    let saveAnswers = 0;
    let finish: (r: autocannon.Result) => void = () => undefined;
    let fail: (e: Error) => void = () => undefined;
    const finished = new Promise<autocannon.Result>(
      (resolve, reject) => ((finish = resolve), (fail = reject)),
    );
    const instance = autocannon(
      {
        url: base,
        connections: 8,
        duration: 600,
        timeout: 20,
        requests: [
          {
            method: 'POST',
            path: '/api/workouts',
            setupRequest: (req, context) => {
              const ctx = context as { member?: Member };
              ctx.member ??= members[connection++ % members.length];
              const member = ctx.member!;
              const key = randomUUID();
              (context as { key?: string }).key = key;
              sent.add(key);
              return {
                ...req,
                headers: {
                  'content-type': 'application/json',
                  cookie: member.cookie,
                  'idempotency-key': key,
                },
                body: JSON.stringify({ pushups: 1 + Math.floor(Math.random() * 200) }),
              };
            },
            onResponse: (status, body, context) => {
              saveAnswers++;
              const key = (context as { key: string }).key;
              if (status === 201) acked.set(key, (JSON.parse(body) as { id: number }).id);
              else failures.set(`save ${status}`, (failures.get(`save ${status}`) ?? 0) + 1);
            },
          },
          {
            method: 'GET',
            path: '/api/leaderboard/week',
            onResponse: (status) => {
              if (status !== 200)
                failures.set(`board ${status}`, (failures.get(`board ${status}`) ?? 0) + 1);
            },
          },
          {
            method: 'GET',
            path: '/api/user',
            setupRequest: (req, context) => ({
              ...req,
              headers: { cookie: (context as { member: Member }).member.cookie },
            }),
            onResponse: (status) => {
              if (status !== 200)
                failures.set(`user ${status}`, (failures.get(`user ${status}`) ?? 0) + 1);
            },
          },
        ],
      },
      (err, result) => (err ? fail(err as Error) : finish(result)),
    );

    await sleep(2_000);
    for (const inst of instances) {
      say(`SIGTERM to instance ${inst.name} (pid ${inst.server.child.pid})`);
      const code = await stopServer(inst.server, 'SIGTERM');
      say(`instance ${inst.name} exited with ${code}; starting it again`);
      if (code !== 0)
        throw new Error(`instance ${inst.name} exited with ${code}:\n${inst.server.output()}`);
      inst.server = await startServer(env, inst.port);
      await waitReady(inst.server);
      say(`instance ${inst.name} ready`);
      // nginx took it out for fail_timeout (2 s) when its connections were refused; once that has
      // passed it sends it requests again, before the next instance stops.
      await sleep(3_000);
    }
    instance.stop();
    const result = await finished;

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const rows = await client.query<{ id: number; key: string | null }>(
      'select id, idempotency_key as key from workouts',
    );
    await client.end();
    const stored = new Map(rows.rows.map((r) => [r.key ?? '', Number(r.id)]));
    // Lost: acknowledged, but not in the database under that key and id.
    const lost = [...acked].filter(([key, id]) => stored.get(key) !== id).length;
    // Stored but never answered: saves in flight when the load stopped (autocannon drops them).
    const unanswered = [...stored.keys()].filter((key) => !acked.has(key)).length;
    const unknown = [...stored.keys()].filter((key) => !sent.has(key)).length;
    const duplicates = rows.rows.length - stored.size;
    const failed = result.non2xx + result.errors + result.timeouts;
    const nginxLog = fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    const upstreamErrors = nginxLog.split('\n').filter((l) => /upstream/.test(l));

    console.log('');
    console.log(
      `rolling restart: ${result.duration.toFixed(1)} s of load, ${(result.requests.average ?? 0).toFixed(0)} requests/s`,
    );
    console.log(`requests: ${result.requests.total}`);
    console.log(`non-2xx: ${result.non2xx}`);
    console.log(`errors: ${result.errors} (timeouts: ${result.timeouts})`);
    console.log(
      `failed: ${failed}${failures.size ? ` (${[...failures].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`,
    );
    console.log(`saves answered: ${saveAnswers}`);
    console.log(`saves acknowledged: ${acked.size}`);
    console.log(
      `saves in database: ${rows.rows.length} (${unanswered} in flight when the load stopped, ${duplicates} duplicates, ${unknown} unknown)`,
    );
    console.log(`lost: ${lost}`);
    console.log(
      `upstream errors nginx logged and passed to the other instance: ${upstreamErrors.length}`,
    );
    // A POST already sent on a kept-alive connection that the stopping instance closed: nginx
    // passes it on only because of non_idempotent (docs/decisions/0042-rolling-restarts.md).
    const postsResent = upstreamErrors.filter(
      (l) => /while reading response header|prematurely closed/.test(l) && /"POST /.test(l),
    );
    console.log(
      `saves nginx sent again after the request had gone out (non_idempotent): ${postsResent.length}`,
    );
    for (const line of upstreamErrors.slice(0, 3))
      console.log(`  ${line.replace(/^\S+ \S+ /, '').slice(0, 160)}`);
    const ok = failed === 0 && lost === 0 && duplicates === 0 && unknown === 0 && acked.size > 0;
    console.log(ok ? 'ROLLING RESTART OK' : 'ROLLING RESTART FAILED');
    return ok ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.stack ?? err.message);
    console.log('ROLLING RESTART FAILED');
    process.exit(1);
  },
);
