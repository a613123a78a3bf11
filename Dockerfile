# Container image of the Node server: build with the dev dependencies, run with production ones only.
#   docker build -t ai-model-pricing .
#   docker run --rm -p 8787:8787 -e BASE_URL=https://prices.example.com ai-model-pricing

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# dist/server.mjs, dist/widget.js, dist/site.js, dist/docs.js and .css (Swagger UI), each file with its .br and .gz; dist/cli.mjs for `ai-model-pricing` in the image.
RUN node scripts/build.mjs && node scripts/build-cli.mjs

FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:20-slim
# glibc's malloc keeps one arena (its default is 8 per core): fewer half-empty arenas kept
# resident, so the peak under load stays under 100 MB (BENCHMARKS.md; docs/operations.md).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787 MALLOC_ARENA_MAX=1
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
# The young generation capped at 2 MB a semi-space (V8's default is 16), and the old generation let
# grow 40 % past what a full collection kept before the next one: resident memory under sustained
# load stays near 88-91 MB instead of climbing past 120 MB between full collections (BENCHMARKS.md).
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=40", "--no-allocation-site-pretenuring", "dist/server.mjs"]
