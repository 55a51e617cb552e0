# Pontifex: one container, the same server as `npm start`, next to a PostgreSQL.
# `npm run test:image` builds this file on a stand-in for its base and checks the container (docs/deploy.md).
# No `# syntax=` line on purpose: with one, Docker's builder first fetches a frontend image from Docker Hub.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Next traces what its server loads (standalone output); runtime-modules.ts adds what server.ts loads and leaves out
# other platforms' binaries. Next's build cache is a cache mount: kept between builds on the same machine (a rebuild
# after a small change compiles only what changed) and never shipped. The type check is npm test's (its next build):
# types do not change the JavaScript this build makes.
RUN --mount=type=cache,id=pontifex-next-build,target=/app/.next/cache \
  PONTIFEX_STANDALONE=1 PONTIFEX_SKIP_TYPECHECK=1 npx next build \
  && node --import tsx scripts/runtime-modules.ts /runtime/node_modules \
  && rm -rf .next/standalone

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOST=0.0.0.0 PGLITE_DIR=/data
# The server cannot change its own code: the build output stays root's. It writes only the image optimiser's cache
# and the embedded database (/data, a volume).
RUN groupadd --system pontifex && useradd --system --gid pontifex --home-dir /app pontifex \
  && mkdir -p /data /app/.next/cache && chown pontifex:pontifex /data /app/.next/cache
COPY --from=build /runtime/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY package.json next.config.mjs tsconfig.json server.ts ./
COPY scripts/start.ts scripts/migrate.ts scripts/seed.ts ./scripts/
COPY lib ./lib
COPY db ./db
COPY public ./public
USER pontifex
EXPOSE 3000
# Liveness; orchestrators that route traffic should also use GET /api/ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations run at start, under a Postgres advisory lock: replicas starting together take turns. Then one worker
# process per core (PONTIFEX_WORKERS) on PostgreSQL.
CMD ["node", "--import", "tsx", "scripts/start.ts"]
