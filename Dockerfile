# A small image that runs the Hotels server. The database and the host key
# live in the /data volume, so they survive new images.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
# go.mod replaces Bubble Tea with the patched copy in third_party.
COPY third_party ./third_party
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /hotels ./cmd/sshd && mkdir -p /data/.ssh

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /hotels /hotels
# The volume starts as this directory, owned by the unprivileged user.
COPY --from=build --chown=65532:65532 /data /data
WORKDIR /data
VOLUME /data
ENV HOTELS_ADDR=:2222 \
    HOTELS_DATA=/data/hotels.db \
    HOTELS_HOST_KEY=/data/.ssh/hotels_ed25519
EXPOSE 2222
ENTRYPOINT ["/hotels"]
