# Debian 12 with widgethost installed from its package, for CI jobs that run `widgethost test`:
#   docker build -t widgethost .
#   docker run --rm -v "$PWD:/project" -w /project widgethost widgethost test .
# The first stage builds the package from these sources (Scripts/package); the second installs
# it as a user would, with apt, so the image holds what the package depends on and nothing else.
FROM swift:6.3.1-bookworm AS build
WORKDIR /src
COPY . .
RUN Scripts/setup && mkdir /out && Scripts/package --out /out

FROM debian:12.11-slim
COPY --from=build /out/ /tmp/widgethost/
RUN apt-get update \
 && apt-get install -y --no-install-recommends /tmp/widgethost/widgethost_*.deb \
 && rm -rf /tmp/widgethost /var/lib/apt/lists/*
CMD ["widgethost", "--help"]
