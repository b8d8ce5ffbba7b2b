# Build stage: install everything and compile TypeScript to dist/.
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Runtime stage: production dependencies and the compiled code only.
FROM node:20.20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional && npm cache clean --force
COPY --from=build /app/dist ./dist
# V8 would size its heap from the host's memory and let garbage pile up; every large response is
# streamed, so a 256 MB old space is plenty (README, Configuration). Override with -e NODE_OPTIONS=...
ENV NODE_OPTIONS=--max-old-space-size=256
USER node
EXPOSE 3000
CMD ["node", "dist/apps/api/src/main.js"]
