import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/**
 * A real, certified OpenID provider (panva's oidc-provider) on a free loopback port, for the single
 * sign-on tests: discovery, keys, authorization with PKCE, token and user-info endpoints are the
 * library's own. Its sign-in page is a plain form (any username signs in as itself, no password) that
 * consents to everything asked, so a test, or Chromium, goes through it like a person would.
 *
 * `tamperNextIdToken` rewrites the ID token of the next token response, for the refusal tests: a token
 * for another audience, expired, unsigned (`alg: none`) or signed by another key.
 */
export interface TestIdp {
  issuer: string;
  /** The next token response's ID token is replaced by what `rewrite` makes of its header and claims. */
  tamperNextIdToken(rewrite: (idToken: string) => Promise<string>): void;
  /** Signs claims with the provider's own key (as its tokens are). */
  signWithProviderKey(claims: JWTPayload): Promise<string>;
  /** Stops answering: the provider becomes unreachable. */
  close(): Promise<void>;
}

export interface TestIdpOptions {
  clients: ClientMetadata[];
  /** Port to listen on (0: any free one). */
  port?: number;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: options.clients,
    jwks: { keys: [jwk] },
    cookies: { keys: ['sbuilding-test-idp-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: `${id}@idp.example`,
        email_verified: true,
        name: `${id[0]?.toUpperCase() ?? ''}${id.slice(1)} Example`,
        preferred_username: id,
      }),
    }),
  });

  let tamper: ((idToken: string) => Promise<string>) | null = null;
  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const body: unknown = ctx.body;
    if (
      tamper &&
      ctx.path === '/token' &&
      ctx.status === 200 &&
      typeof body === 'object' &&
      body &&
      'id_token' in body
    ) {
      const rewrite = tamper;
      tamper = null;
      const tokens = body as { id_token: string };
      tokens.id_token = await rewrite(tokens.id_token);
    }
  });

  const callback = provider.callback();
  server.on('request', (req, res) => {
    const match = /^\/interaction\/([^/?]+)(\/login|\/abort)?/.exec(req.url ?? '');
    if (!match) {
      callback(req, res);
      return;
    }
    void interaction(req, res, match[2]).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, action?: string) {
    const details = await provider.interactionDetails(req, res);
    if (action === '/abort') {
      const result = { error: 'access_denied', error_description: 'The person cancelled' };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      return;
    }
    if (action === '/login' && req.method === 'POST') {
      const login = (await readForm(req)).get('login')?.trim() ?? '';
      if (!/^[a-z0-9._-]{1,40}$/i.test(login)) {
        res.statusCode = 400;
        res.end('bad login');
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'login') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      const uid = escapeHtml(details.uid);
      res.end(
        page(
          'Test identity provider',
          `<form method="post" action="/interaction/${uid}/login">
  <label for="login">Username</label> <input id="login" name="login" autocomplete="off" required>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
        ),
      );
      return;
    }
    // Consent: grant whatever the client asked for.
    const accountId = details.session?.accountId ?? '';
    const clientId = String(details.params.client_id);
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  const signWithProviderKey = (claims: JWTPayload) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' }).sign(privateKey);

  return {
    issuer,
    tamperNextIdToken(rewrite) {
      tamper = rewrite;
    },
    signWithProviderKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The claims and header of an ID token, to build a forged one from. */
export function readIdToken(idToken: string) {
  return { header: decodeProtectedHeader(idToken), claims: decodeJwt(idToken) };
}

/** An unsigned ID token (`alg: none`) with these claims. */
export function unsignedToken(claims: JWTPayload): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/**
 * Walks a browser's way through the provider without a browser: follows redirects from the authorization
 * URL, keeping the provider's cookies, signs in as `login` on its form, and returns the URL it finally
 * sends the browser back to (the console's /auth-redirect with code and state, or an error).
 */
export async function signInAtIdp(
  authorizationUrl: string,
  login: string,
  opts: { cancel?: boolean } = {},
): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizationUrl);
  const idpOrigin = url.origin;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== idpOrigin) return url;
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    remember(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+\/(login|abort))"/g;
    const forms = [...html.matchAll(action)].map((m) => m[1] ?? '');
    const target = forms.find((f) => f.endsWith(opts.cancel ? '/abort' : '/login'));
    if (!target) throw new Error(`unexpected page at ${url.href} (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(target, url);
    body = new URLSearchParams(opts.cancel ? {} : { login });
  }
  throw new Error('too many redirects at the identity provider');
}
