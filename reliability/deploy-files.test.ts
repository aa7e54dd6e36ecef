import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The deployment files docs/deploy.md ships (deploy/): scripts/validate-deploy.sh checks each
// with its own tool (nginx -t, caddy validate, systemd-analyze verify) and serves the app through
// nginx and Caddy over TLS. A step whose tool cannot be installed prints SKIP.
describe('deployment files', () => {
  it('nginx, Caddy and the systemd unit are accepted by their tools, and the proxies serve the app over TLS', () => {
    const run = spawnSync('bash', ['scripts/validate-deploy.sh'], {
      encoding: 'utf8',
      timeout: 170_000,
    });
    const out = `${run.stdout}${run.stderr}`;
    console.log(out.trim());
    const lines = out.split('\n');
    expect(lines.filter((l) => l.startsWith('FAIL:'))).toEqual([]);
    // Each tool either checked its file or says why it could not.
    for (const tool of ['nginx', 'caddy', 'systemd-analyze']) {
      expect(
        lines.some((l) => (l.startsWith('ok:') || l.startsWith('SKIP:')) && l.includes(tool)),
        tool,
      ).toBe(true);
    }
    expect(out).toContain('DEPLOY FILES OK');
    expect(run.status).toBe(0);
  });
});
