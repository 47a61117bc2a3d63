# One image for every backend process (api, projector, relay, worker) and the static front-ends.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY services/package.json services/
COPY kit/package.json kit/
COPY shell/package.json shell/
COPY mfe-account/package.json mfe-account/
COPY mfe-studio/package.json mfe-studio/
COPY mfe-gallery/package.json mfe-gallery/
COPY mfe-qr/package.json mfe-qr/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build:web

FROM node:20-bookworm-slim
WORKDIR /app
# A font for the offline drawings' captions (their DEMO label is drawn as strokes and needs none).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["npx", "tsx", "services/src/main/api.ts"]
