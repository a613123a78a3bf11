# Container image of the Node server: build with the dev dependencies, run with production ones only.
#   docker build -t ai-model-pricing .
#   docker run --rm -p 8787:8787 -e BASE_URL=https://prices.example.com ai-model-pricing

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# dist/server.mjs, dist/widget.js, dist/site.js; dist/cli.mjs for `ai-model-pricing` in the image.
RUN node scripts/build.mjs && node scripts/build-cli.mjs

FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:20-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY data ./data
COPY bin ./bin
# The image's own user, not root; it owns nothing it could rewrite.
USER node
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The young generation capped at 4 MB a semi-space (V8's default is 16): resident memory under load
# stays near 85 MB instead of 110 MB, for about 3 % more garbage-collection time (BENCHMARKS.md).
CMD ["node", "--max-semi-space-size=4", "dist/server.mjs"]
