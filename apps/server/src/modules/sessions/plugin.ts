import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasAnyPermission, hasAnyRole, type Role } from '@sbuilding/shared';
import { forbidden, unauthorized } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenancy.js';
import { loadSigningKey } from '../../platform/auth/secret.js';
import { signToken, verifyToken, type TokenClaims } from '../../platform/auth/tokens.js';
import { verifySession, type AuthContext } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of the protected context: a live session, and the route's roles/permissions. */
    authenticate(request: FastifyRequest): Promise<void>;
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
  }
}

/** The bearer token of a request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The caller's session id (logout, password change); 401 when the request has none. */
export function sessionIdOf(request: FastifyRequest): string {
  if (!request.auth) throw unauthorized();
  return request.auth.sessionId;
}

/**
 * Sign-in state of the API. Public routes are registered beside it; every other API route lives in an
 * encapsulated context that adds `app.authenticate` as an onRequest hook (see app.ts), so a protected
 * route cannot be reached without a valid token.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const key = loadSigningKey(app.config);

    async function verifyAccessToken(token: string): Promise<AuthContext | null> {
      const claims = await verifyToken(key, token);
      if (!claims) return null;
      return verifySession(app.db, claims.sessionId, claims.userId);
    }

    app.decorate('verifyAccessToken', verifyAccessToken);
    app.decorate('issueAccessToken', (claims: TokenClaims, expiresAt: Date) =>
      signToken(key, claims, expiresAt),
    );
    app.decorateRequest('auth', null);
    app.decorateRequest('scope', function (this: FastifyRequest): Scope {
      if (!this.auth) throw unauthorized();
      return this.auth.scope;
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const auth = token ? await verifyAccessToken(token) : null;
      if (!auth) throw unauthorized();
      request.auth = auth;
      const { roles, permissions } = request.routeOptions.config;
      if (roles && !hasAnyRole(auth.scope.roles, roles)) throw forbidden();
      if (permissions && !hasAnyPermission(auth.scope.permissions, permissions)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['database', 'error-handler'] },
);
