// autocannon in a process of its own (the server under test keeps its event loop to itself), its
// JSON summary read back.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}

export function autocannon(args: string[]): Promise<AutocannonResult> {
  const bin = createRequire(import.meta.url).resolve('autocannon');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '--json', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as AutocannonResult)
        : reject(new Error(`autocannon exited with ${code}: ${errors}`)),
    );
  });
}
