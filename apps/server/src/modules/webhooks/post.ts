import http from 'node:http';
import https from 'node:https';
import {
  guardedLookup,
  isPrivateAddress,
  schemeRefusal,
  type AddressPolicy,
} from './address-guard.js';

// Connections are kept for the next event to the same endpoint; each new one is checked.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 4 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 4 }),
};

/** What an attempt got: the HTTP status, or the error that kept it from one. */
export interface PostResult {
  status: number | null;
  error: string | null;
}

/**
 * Posts a JSON body: 2xx is delivered, the response body is read and ignored, redirects are not
 * followed (a 3xx is a failure), `timeoutMs` bounds the whole request.
 */
export function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: AddressPolicy,
  timeoutMs: number,
): Promise<PostResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve({ status: null, error: 'invalid url' });
  }
  if (schemeRefusal(url, policy)) return Promise.resolve({ status: null, error: 'https required' });
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  // A literal IP never goes through `lookup`: checked here.
  if (!policy.allowPrivate && /^[\d.]+$|:/u.test(host) && isPrivateAddress(host))
    return Promise.resolve({ status: null, error: 'refused address' });
  const secure = url.protocol === 'https:';
  const client = secure ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Rumbo-Webhooks/1',
          ...headers,
        },
        lookup: guardedLookup(policy),
        agent: secure ? agents.https : agents.http,
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          done({ status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` });
        });
        response.on('error', (error) =>
          done({ status: response.statusCode ?? null, error: error.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      done({
        status: null,
        error:
          error.code === 'EWEBHOOKADDRESS'
            ? 'refused address'
            : error.message || String(error.code),
      }),
    );
    request.end(body);
  });
}
