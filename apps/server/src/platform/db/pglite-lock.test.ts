import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './pglite-lock';

const serverRoot = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a directory held by another live process', async () => {
    const dir = tempDir();
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'tapwise.lock'), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Tapwise process/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that has gone', () => {
    const dir = tempDir();
    const gone = spawnSync('true');
    fs.writeFileSync(path.join(dir, 'tapwise.lock'), String(gone.pid));
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'tapwise.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'tapwise.lock'))).toBe(false);
  });

  it('stops a second Tapwise process with a clear message and leaves the data intact', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    try {
      const second = spawnSync('npx', ['tsx', 'src/main/cli.ts', 'migrate'], {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/is in use by another Tapwise process/);
      expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
    } finally {
      release();
    }
  });
});
