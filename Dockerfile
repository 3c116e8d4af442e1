# gatewaykit simulator as a container, for teams without Node:
#   docker build -t gatewaykit .
#   docker run --rm -p 8080:8080 gatewaykit
#   curl -H 'authorization: Bearer sk-gw-test' http://127.0.0.1:8080/api/v1/models
# Any `gatewaykit serve` flag goes after the image name (they replace CMD, so keep --host 0.0.0.0).

# Build: the package exactly as npm publishes it (npm pack runs the build), and a lockfile of
# a project that depends on it, as a user's would be (msw, a peer dependency, included).
FROM node:20-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund \
  && npm pack --pack-destination /tmp \
  && mkdir /app \
  && mv /tmp/gatewaykit-*.tgz /app/gatewaykit.tgz \
  && cd /app \
  && echo '{"name": "gatewaykit-image", "private": true}' > package.json \
  && npm install --package-lock-only --no-audit --no-fund ./gatewaykit.tgz

# Run: a clean `npm ci --omit=dev` of that project: the packed package and what it needs at run time.
FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
USER node
EXPOSE 8080
# Alive when the API answers at all: 401 counts (a --keys file may not hold the demo key).
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/api/v1/models').then((r) => process.exit(r.status < 500 ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "--no-memory-reducer", "--single-threaded-gc", "--max-semi-space-size=32", "node_modules/gatewaykit/bin/gatewaykit.js"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8080"]
