import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Payload,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** How long a challenge may be solved and submitted. */
const CHALLENGE_TTL_MS = 10 * 60_000;

/** Self-hosted proof-of-work human check (ALTCHA). */
export interface HumanCheck {
  /** A new signed challenge for the widget. */
  challenge(nowMs: number): Promise<Challenge>;
  /** Verifies a payload; returns its signature (to spend once) and expiry, or null. */
  verify(
    payload: string,
    nowMs: number,
  ): Promise<{ signature: string; expiresAtMs: number } | null>;
}

function decodePayload(raw: string): Payload | null {
  const text = raw.trim();
  try {
    const json = text.startsWith('{') ? text : Buffer.from(text, 'base64').toString('utf8');
    const value = JSON.parse(json) as Partial<Payload>;
    if (!value.challenge?.parameters || !value.solution) return null;
    return value as Payload;
  } catch {
    return null;
  }
}

/**
 * ALTCHA with SHA-256. `difficulty` is the largest counter a browser must reach (about
 * 50,000 hashes ≈ a fraction of a second on a phone).
 */
export function altchaHumanCheck(hmacKey: string, difficulty = 50_000): HumanCheck {
  return {
    challenge(nowMs) {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(Math.floor(difficulty / 5), difficulty),
        deriveKey,
        expiresAt: new Date(nowMs + CHALLENGE_TTL_MS),
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: hmacKey,
      });
    },
    async verify(raw, nowMs) {
      const payload = decodePayload(raw);
      if (!payload?.challenge.signature) return null;
      const expiresAtSec = payload.challenge.parameters.expiresAt;
      if (typeof expiresAtSec === 'number' && expiresAtSec * 1000 < nowMs) return null;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
          hmacKeySignatureSecret: hmacKey,
        });
        if (!result.verified) return null;
      } catch {
        return null;
      }
      return {
        signature: payload.challenge.signature,
        expiresAtMs:
          typeof expiresAtSec === 'number' ? expiresAtSec * 1000 : nowMs + CHALLENGE_TTL_MS,
      };
    },
  };
}
