import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './pg-cluster';

// A real nginx serving deploy/nginx/fitbench.conf with deploy/nginx/fitbench-proxy.conf, as
// scripts/validate-deploy.sh serves them: the files as shipped, with only the include and
// certificate paths pointed here, the TLS port moved to a free one, and both upstreams to one
// running instance. TLS with a self-signed certificate for fitbench.example.org.

export interface Nginx {
  /** The TLS port: connect to 127.0.0.1 with the name fitbench.example.org. */
  port: number;
  stop: () => Promise<void>;
  errorLog: () => string;
}

/** nginx's binary, or null when it is not installed. */
export function nginxBinary(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(p)) return p;
  const which = spawnSync('bash', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

export async function startNginx(appPort: number): Promise<Nginx> {
  const bin = nginxBinary();
  if (!bin) throw new Error('nginx is not installed');
  const repo = process.cwd();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-nginx-'));
  const cert = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=fitbench.example.org',
      '-keyout',
      `${tmp}/privkey.pem`,
      '-out',
      `${tmp}/fullchain.pem`,
    ],
    { encoding: 'utf8' },
  );
  if (cert.status !== 0) throw new Error(`openssl: ${cert.stderr}`);
  const port = await freePort();
  const http = await freePort();
  const site = fs
    .readFileSync('deploy/nginx/fitbench.conf', 'utf8')
    .replaceAll(
      '/etc/nginx/snippets/fitbench-proxy.conf',
      `${repo}/deploy/nginx/fitbench-proxy.conf`,
    )
    .replaceAll('/etc/letsencrypt/live/fitbench.example.org/', `${tmp}/`)
    .replace(/listen 443 ssl/, `listen 127.0.0.1:${port} ssl`)
    .replace(/listen 80;/, `listen 127.0.0.1:${http};`)
    .replace(/^\s*listen \[::\].*$/gm, '')
    .replace(/127\.0\.0\.1:500[12] /g, `127.0.0.1:${appPort} `);
  const conf = `daemon off;
worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body; proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi; uwsgi_temp_path ${tmp}/uwsgi; scgi_temp_path ${tmp}/scgi;
${site}
}
`;
  fs.writeFileSync(`${tmp}/nginx.conf`, conf);
  const child: ChildProcess = spawn(
    bin,
    ['-p', tmp, '-e', `${tmp}/error.log`, '-c', `${tmp}/nginx.conf`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const errorLog = () => {
    const file = `${tmp}/error.log`;
    return `${stderr}${fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''}`;
  };
  // Listening once a TLS connection is accepted.
  const net = await import('node:net');
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1', () => (s.destroy(), r(true)));
      s.on('error', () => r(false));
    });
    if (up) break;
    if (child.exitCode !== null || i > 100) throw new Error(`nginx did not start: ${errorLog()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    errorLog,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
