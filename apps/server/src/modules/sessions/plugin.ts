import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenancy.js';
import { signToken, verifyToken, type TokenClaims } from '../../platform/auth/tokens.js';
import { verifySession, type AuthContext } from './sessions.js';

/**
 * Another kind of bearer credential, recognised by its prefix (API keys: modules/api-keys). It answers
 * the caller, null for an unknown or ended credential, or throws (a rate limit's 429).
 */
export interface BearerVerifier {
  readonly prefix: string;
  verify(
    token: string,
    request: FastifyRequest,
    reply: FastifyReply | undefined,
  ): Promise<AuthContext | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies the request's credential (a session token, or another kind by its prefix) into `request.auth`; 401 without one. */
    authenticate(request: FastifyRequest, reply?: FastifyReply): Promise<void>;
    /** Lets a module accept bearer tokens of its own prefix (platform imports no module). */
    addBearerVerifier(verifier: BearerVerifier): void;
    /** The caller of a token, or null; for callers outside HTTP hooks (the real-time socket). */
    verifyAccessToken(token: string): Promise<AuthContext | null>;
    issueAccessToken(claims: TokenClaims, expiresAt: Date): Promise<string>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    auth: AuthContext | null;
    /** The verified caller's scope; 401 when the request has none. */
    scope(): Scope;
  }
}

/** The bearer token of a request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The caller's session id (logout, password change); 401 when the request has none, 403 for an API key. */
export function sessionIdOf(request: FastifyRequest): string {
  if (!request.auth) throw unauthorized();
  if (request.auth.apiKey) throw forbidden();
  return request.auth.sessionId;
}

/**
 * Sign-in state of the API: who the caller is. What it may do is the access policy's (modules/access),
 * which calls `app.authenticate` for every route that is not declared public.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    // Read at each use: the key is known once the database is open (generated keys are kept there).
    async function verifyAccessToken(token: string): Promise<AuthContext | null> {
      const claims = await verifyToken(app.secrets.signingKey(), token);
      if (!claims) return null;
      return verifySession(app.db, claims.sessionId, claims.userId);
    }

    app.decorate('verifyAccessToken', verifyAccessToken);
    app.decorate('issueAccessToken', (claims: TokenClaims, expiresAt: Date) =>
      signToken(app.secrets.signingKey(), claims, expiresAt),
    );
    app.decorateRequest('auth', null);
    app.decorateRequest('scope', function (this: FastifyRequest): Scope {
      if (!this.auth) throw unauthorized();
      return this.auth.scope;
    });

    const verifiers: BearerVerifier[] = [];
    app.decorate('addBearerVerifier', (verifier: BearerVerifier) => {
      verifiers.push(verifier);
    });

    app.decorate('authenticate', async (request: FastifyRequest, reply?: FastifyReply) => {
      const token = bearerToken(request);
      const verifier = token ? verifiers.find((v) => token.startsWith(v.prefix)) : undefined;
      let auth: AuthContext | null = null;
      if (token)
        auth = verifier ? await verifier.verify(token, request, reply) : await verifyAccessToken(token);
      if (!auth) throw unauthorized();
      request.auth = auth;
    });
  },
  { name: 'auth', dependencies: ['database', 'error-handler'] },
);
