# The HTTP service, built and run as in production (`npm run build`, `npm run start:prod`):
#   docker build -t sanctum-chronicle .
#   docker run -p 3000:3000 -v sanctum-data:/app/data sanctum-chronicle                       # embedded SQLite
#   docker run -p 3000:3000 -e EVENT_STORE=postgres -e POSTGRES_URL=… -e ORGANISER_TOKEN=… -e SERVER_SECRET=… -e RECEIPT_SIGNING_KEY=… sanctum-chronicle
# Not built on the project's own machines (they have no Docker engine); `npm run build` and dist are tested there.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles its native part when no prebuilt one fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 SQLITE_PATH=/app/data/sanctum.db
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself, not npm, receives SIGTERM: the service drains requests and closes the store (SHUTDOWN_GRACE_MS).
CMD ["node", "dist/apps/api/src/main.js"]
