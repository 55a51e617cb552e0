# syntax=docker/dockerfile:1
# Pontifex: one container, the same server as `npm start`, next to a PostgreSQL.
# test/operations/image.test.ts reproduces the runtime stage without a container engine.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx next build

FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOST=0.0.0.0 PGLITE_DIR=/data
RUN groupadd --system pontifex && useradd --system --gid pontifex --home-dir /app pontifex \
  && mkdir -p /data && chown pontifex:pontifex /data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY package.json package-lock.json next.config.mjs tsconfig.json server.ts proxy.ts ./
COPY scripts ./scripts
COPY lib ./lib
COPY db ./db
COPY public ./public
USER pontifex
EXPOSE 3000
# Liveness; orchestrators that route traffic should also use GET /api/ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations run at start, under a Postgres advisory lock: replicas starting together take turns.
CMD ["node", "--import", "tsx", "scripts/start.ts"]
