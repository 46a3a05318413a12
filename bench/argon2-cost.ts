// argon2id cost per sign-in with Rumbo's parameters (apps/server/src/lib/passwords.ts).
// Run: npx tsx bench/argon2-cost.ts
import { hashPassword, verifyPassword } from '../apps/server/src/lib/passwords.js';

const rounds = Number(process.env.ROUNDS ?? 20);
const hash = await hashPassword('demo1234-bench');
const hashTimes: number[] = [];
const verifyTimes: number[] = [];
for (let i = 0; i < rounds; i++) {
  let start = performance.now();
  await hashPassword(`pw-${i}`);
  hashTimes.push(performance.now() - start);
  start = performance.now();
  await verifyPassword(hash, 'demo1234-bench');
  verifyTimes.push(performance.now() - start);
}
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`;
};
console.log(`argon2id (46 MiB, t=1, p=1) hash: ${stats(hashTimes)} over ${rounds}`);
console.log(`argon2id verify (one sign-in): ${stats(verifyTimes)} over ${rounds}`);
