import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasAnyPermission, hasAnyRole, type Role } from '@sbuilding/shared';
import { forbidden, unauthorized } from '../../platform/errors.js';
import type { MessageKey } from '../../platform/i18n/index.js';
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
    /** onRequest hook of the protected context: a live session, and the route's roles/permissions. */
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
  interface FastifyContextConfig {
    /** The caller needs one of these roles (admin always passes). */
    roles?: Role[];
    /** The caller needs one of these permissions (`*:*:*` always passes). */
    permissions?: string[];
    /** What a caller without the roles or permissions hears (403); `error.forbidden` unless the spec words it. */
    forbiddenKey?: MessageKey;
    /** Only a person's session may call it, never an API key (403): sign-out, password, key management. */
    sessionOnly?: boolean;
    /**
     * A POST or PUT that only reads (a list filter in a body): a read-only API key may call it. Every other
     * non-GET route is a write and refused to read-only keys, so a forgotten marker fails closed.
     */
    read?: boolean;
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

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a read-only API key may make this call: GET, or a route marked `config.read`. */
export function isReadCall(request: FastifyRequest): boolean {
  return READING_METHODS.has(request.method) || request.routeOptions.config.read === true;
}

/**
 * Sign-in state of the API. Public routes are registered beside it; every other API route lives in an
 * encapsulated context that adds `app.authenticate` as an onRequest hook (see app.ts), so a protected
 * route cannot be reached without a valid token.
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
      const { roles, permissions, sessionOnly } = request.routeOptions.config;
      if (auth.apiKey) {
        if (sessionOnly) throw forbidden('apiKey.sessionOnly');
        if (auth.apiKey.readOnly && !isReadCall(request)) throw forbidden('apiKey.readOnly');
      }
      // Here, in onRequest, before the body is even parsed: a caller without the permission learns nothing
      // about the input's shape or the data it names.
      const { forbiddenKey } = request.routeOptions.config;
      if (roles && !hasAnyRole(auth.scope.roles, roles)) throw forbidden(forbiddenKey);
      if (permissions && !hasAnyPermission(auth.scope.permissions, permissions))
        throw forbidden(forbiddenKey);
    });
  },
  { name: 'auth', dependencies: ['database', 'error-handler'] },
);
