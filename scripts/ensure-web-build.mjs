// `npm start` serves the built web app: build it first when there is no build, or when the
// sources are newer than the build (a fresh clone, or after pulling changes).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const webDir = path.resolve(import.meta.dirname, '../apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');
const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'index.html'),
  path.resolve(webDir, '../../packages/contracts/src'),
];

function newestChange(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))),
  );
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt > Math.max(...sources.map(newestChange))) process.exit(0);

console.log(builtAt ? 'Web sources changed: rebuilding the web app…' : 'Building the web app…');
const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
process.exit(build.status ?? 1);
