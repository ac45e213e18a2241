# Build the web app and the server; run as an unprivileged user.
FROM node:20-bookworm AS web
WORKDIR /src
COPY package.json package-lock.json ./
COPY ui/package.json ui/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY ui ui
RUN EXPO_OFFLINE=1 npm --workspace ui run build

FROM golang:1.26-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY app app
COPY core core
COPY adapters adapters
RUN CGO_ENABLED=0 go build -trimpath -o /ngern ./app/cmd/ngern

FROM debian:bookworm-slim
# tesseract-ocr and its Thai model: the slip OCR (NGERN_SLIP_OCR, docs/adapters.md).
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates tzdata tesseract-ocr tesseract-ocr-tha \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /var/lib/ngern --create-home ngern
COPY --from=server /ngern /usr/local/bin/ngern
COPY --from=web /src/ui/dist /usr/share/ngern/web
ENV NGERN_WEB_DIR=/usr/share/ngern/web NGERN_DATA_DIR=/var/lib/ngern NGERN_LOG_FORMAT=json
USER ngern
EXPOSE 8080
ENTRYPOINT ["ngern"]
CMD ["serve"]
