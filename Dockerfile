# OpsDeck container image: `docker build -t opsdeck:0.1.0 .` from the repository root.
# One image for every role (OPSDECK_ROLE all, api, worker) and for agents (OPSDECK_UPSTREAM_URL);
# the Helm chart in deploy/helm/opsdeck runs it. See docs/deployment.md.

# --- build: all dependencies, then the web app (apps/web/dist) ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
# native modules (argon2, ssh2's cpu-features) compile here when no prebuilt binary fits
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# the manifests first, so a source change does not reinstall the dependencies
COPY package.json package-lock.json ./
COPY packages/schema/package.json packages/schema/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- deps: the production dependencies of the server and the shared schema only ---
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/schema/package.json packages/schema/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @opsdeck/server --workspace @opsdeck/schema

# --- runtime ---
FROM node:20-bookworm-slim
# git: git scrapers and gitops actions; iputils-ping: icmp checks; tini: reaps the children of
# exec checks and forwards SIGTERM so the server drains (docs/deployment.md, Graceful shutdown)
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates git iputils-ping tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# node_modules (root and per workspace) and the package manifests
COPY --from=deps /app ./
# the server's TypeScript sources and their bundle (bin/bundle.mjs), which `opsdeck` runs while
# the sources are as they were bundled; its modules find their files in the sources
COPY apps/server/bin apps/server/bin
COPY apps/server/src apps/server/src
COPY packages/schema/src packages/schema/src
COPY --from=build /app/apps/web/dist apps/web/dist
RUN node apps/server/bin/bundle.mjs \
  && ln -s /app/apps/server/bin/opsdeck.mjs /usr/local/bin/opsdeck \
  && mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
  PORT=8080 \
  HOST=0.0.0.0 \
  OPSDECK_DATA_DIR=/data
# the embedded database, generated keys and the log file (unused for the database with DATABASE_URL)
VOLUME ["/data"]
# node (uid 1000) from the base image: scripts of exec checks run as this user too (README, sandbox)
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# the node flags of apps/server/bin/nodeFlags.mjs (one concurrent marking thread)
ENTRYPOINT ["tini", "--", "node", "--concurrent-marking-max-worker-num=1", "/app/apps/server/bin/opsdeck.mjs"]
CMD ["serve"]
