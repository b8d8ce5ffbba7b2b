# Node 24: the current LTS (Node 20 reached end of life in April 2026; CI also runs 20 and 22).
# The major is pinned, the patch level follows the image's security updates.
# Build stage: install everything and compile TypeScript to dist/.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Runtime stage: production dependencies and the compiled code only.
FROM node:24-bookworm-slim
# Production-safe defaults (docs/OPERATIONS.md, Docker): NODE_ENV=production makes JWT_SECRET mandatory; HOST
# 0.0.0.0 so `docker run -p 3000:3000` is reachable (the service's own default is loopback); no demo
# data with its published passwords unless DEMO_DATA=true; JSON logs for the log collector. CORS
# stays `*` as the contract says (bearer tokens, never cookies): narrow it with CORS_ORIGINS.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DEMO_DATA=false \
    LOG_FORMAT=json
WORKDIR /app
# No optional dependencies: the embedded PostgreSQL's binaries stay out, so a container needs
# DATABASE_URL (without it the start stops with one line saying so). test/production/ builds this
# same file set without Docker and runs npm start, migrate, import and seed in it.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional && npm cache clean --force
COPY --from=build /app/dist ./dist
# npm start, migrate, import and seed call it first; without sources here it uses dist/ as built.
COPY tools/ensure-built.js ./tools/
# V8 would size its heap from the host's memory and let garbage pile up; every large response is
# streamed, so a 256 MB old space is plenty (docs/OPERATIONS.md, Memory and V8 flags). Node 24's V8 also lets the
# young generation grow further under load: peak RSS 334-353 MB on the big streamed reads without
# a semi-space limit, 289 MB with 24 MB; 16 MB (Node 20's default) kept it lower but made the
# year's detail report cost 1.7x more CPU.
# Override with -e NODE_OPTIONS=... bench/run.ts reads this line to start the service the same way.
ENV NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=24"
USER node
EXPOSE 3000
# --no-allocation-site-pretenuring (not accepted in NODE_OPTIONS, so here, as in `npm start`): V8
# otherwise decides in the first seconds under load that node-postgres's result arrays outlive the
# young generation and allocates them in the old one, where each keeps its request's rows alive
# until the next full collection: 10-50 % more CPU per request on the single-row reads, the
# numbering and the streamed reads, for the process's whole life. bench/run.ts reads these flags too.
CMD ["node", "--no-allocation-site-pretenuring", "dist/apps/api/src/main.js"]
