# The resident portal. Without API_URL it runs the demo: the backend stand-in
# with its demo data inside the container. With API_URL (and SESSION_SECRET)
# it serves in front of the company's backend.

# --- dependencies: native modules (better-sqlite3 for the stand-in) compile here
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update -q && apt-get install -y -q --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Build native modules against the image's own Node headers (no download).
ENV npm_config_nodedir=/usr/local
RUN npm install --no-audit --no-fund

# --- build: the production bundle, a plain build/ folder (no link, scripts/build.js:
# the image is built once). The runtime has no sources, so scripts/start.js never rebuilds.
FROM deps AS build
COPY . .
RUN npx react-router build && node scripts/build-sw.js build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: production dependencies only, a non-root user
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 BACKEND_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json server.js ./
COPY --chown=node:node scripts/start.js ./scripts/start.js
COPY --chown=node:node backend/src ./backend/src
COPY --chown=node:node content ./content
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/start.js"]
