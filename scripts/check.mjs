#!/usr/bin/env node
// The static checks of `npm test` (format, types, lint) run side by side, two at a time on the
// CI's two cores (decision 0047): the same commands as `npm run format:check`, `typecheck` and
// `lint`, split so that neither core waits. Each job's output is printed whole when it ends;
// the run fails when any job fails. `node scripts/check.mjs --jobs 1` runs them one by one.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const tsc = (project) => `tsc -p ${project}`;
/** Longest first, so the short ones fill the gaps at the end. */
const JOBS = [
  ['lint server', 'eslint apps/server --max-warnings=0'],
  ['lint web, packages, bench', "eslint . --ignore-pattern 'apps/server/**' --max-warnings=0"],
  ['typecheck server', tsc('apps/server')],
  ['typecheck web', tsc('apps/web')],
  [
    'typecheck packages, bench',
    ['packages/contracts', 'packages/telematics', 'packages/simulator', 'bench']
      .map(tsc)
      .join(' && '),
  ],
  ['format', 'prettier --check . --log-level warn'],
];

const flag = process.argv.indexOf('--jobs');
const width = flag > 0 ? Number(process.argv[flag + 1]) : Math.max(2, availableParallelism());

function run([name, command]) {
  const started = Date.now();
  return new Promise((resolve) => {
    // npx-style: node_modules/.bin is on the PATH of npm scripts; add it for direct runs too.
    const child = spawn(command, {
      shell: true,
      env: { ...process.env, PATH: `node_modules/.bin:${process.env.PATH ?? ''}` },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'ok' : `FAILED (exit ${code})`;
      process.stdout.write(`\n── ${name}: ${verdict}, ${seconds} s — ${command}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...JOBS];
const results = await Promise.all(
  Array.from({ length: width }, async () => {
    let ok = true;
    for (let job = queue.shift(); job; job = queue.shift()) ok = (await run(job)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
