# Wanakt World's game server: one process per container; compose.yaml runs three behind nginx.
# Build: docker build -t wanakt-world .   (not run on the machine this was written on: see README "Containers")

# The client is built with the dev dependencies (Vite), then only the runtime ones are kept.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --logLevel warn

FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
# The image brings its Node 24 itself: the copy of it that npm ci installs for machines without one goes.
RUN npm ci --omit=dev --no-audit --no-fund && rm -rf node_modules/node-linux-* node_modules/.bin/node

FROM node:24-bookworm-slim
# pg_dump and pg_restore for the scheduled backups: Debian bookworm's client is PostgreSQL 15, the
# server's major version in compose.yaml (an older pg_dump refuses a newer server).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/client ./dist/client
COPY package.json tsconfig.json ./
COPY schema ./schema
COPY game-server ./game-server
COPY migrations ./migrations
RUN mkdir -p /backups && chown node:node /backups
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 BACKUP_DIR=/backups
EXPOSE 3000 9100
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node itself, not npm: SIGTERM must reach the server so that it drains (docs/operations.md). Node 24
# runs the TypeScript as it is (type stripping), so no transpiler is in the process.
CMD ["node", "game-server/main.ts"]
