/**
 * Configuration files of the cluster's engines, written from the topology (./topology.mjs):
 * HAProxy (the one entry: health-checked round robin, retries on a dead replica, request ids) and
 * nginx (the static origin of the remotes' builds and of the deploy store).
 */

/**
 * haproxy.cfg for the balanced services.
 * - `option httpchk GET /readyz`, checked every 500 ms: a replica that is draining or not ready is
 *   out after one failed check, back after one good one;
 * - `retry-on all-retryable-errors` + `option redispatch`: a request whose replica died (refused, reset,
 *   empty answer) is sent again to another replica. Writes are safe to resend: every write carries an
 *   idempotency key (list request ids, `Idempotency-Key`) that the BFF applies once;
 * - `X-Request-ID` set when the client sent none; `X-Forwarded-For` appended.
 * @param {{ balanced: Array<{ name: string, port: number, replicaPorts: number[] }>, ports: { stats: number } }} topology
 * @param {{ logFile?: string }} [o]
 * @returns {string}
 */
export function haproxyConfig({ balanced, ports }) {
  const lines = [
    'global',
    '  maxconn 4096',
    '  tune.bufsize 65536',
    '  log stderr format short local0 warning',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlognull',
    '  option http-keep-alive',
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on all-retryable-errors',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 30s',
    '  timeout http-keep-alive 10s',
    '  timeout check 1s',
    '  default-server inter 500ms fall 1 rise 1 on-marked-down shutdown-sessions',
    '',
    'frontend stats',
    `  bind 127.0.0.1:${ports.stats}`,
    '  stats enable',
    '  stats uri /stats',
    '  stats refresh 2s',
    '',
  ];
  for (const s of balanced) {
    const id = s.name.replace(/[^a-z0-9]/g, '_');
    lines.push(
      `frontend fe_${id}`,
      `  bind 127.0.0.1:${s.port}`,
      '  unique-id-format %{+X}o%ci%cp%Ts%rt%pid',
      '  http-request set-header X-Request-ID %[unique-id] unless { req.hdr(x-request-id) -m found }',
      `  default_backend be_${id}`,
      '',
      `backend be_${id}`,
      '  balance roundrobin',
      `  option httpchk GET /readyz`,
      '  http-check expect status 200',
      ...s.replicaPorts.map((port, i) => `  server ${id}${i + 1} 127.0.0.1:${port} check`),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The remotes' cache policy (tooling/serve/cache-policy.mjs) as nginx locations. */
const REMOTE_LOCATIONS = [
  '    location ~ (mf-manifest\\.json|mf-stats\\.json|mf-manifest-stats\\.json|remoteEntry\\.js|main\\.js|\\.html)$ {',
  '      add_header Cache-Control "no-cache" always;',
  '      include cors.conf;',
  '    }',
  '    location ~ "\\.[0-9a-f]{8,}\\.(js|css)(\\.map)?$" {',
  '      add_header Cache-Control "public, max-age=31536000, immutable" always;',
  '      include cors.conf;',
  '    }',
  '    location / {',
  '      add_header Cache-Control "public, max-age=300" always;',
  '      include cors.conf;',
  '    }',
];

/** The deploy store: released version folders never change; the environment pointers do. */
const DEPLOY_LOCATIONS = [
  '    location /environments/ {',
  '      add_header Cache-Control "no-cache" always;',
  '      include cors.conf;',
  '    }',
  '    location = /health { return 200 "ok"; }',
  '    location / {',
  '      add_header Cache-Control "public, max-age=31536000, immutable" always;',
  '      include cors.conf;',
  '    }',
];

/**
 * nginx.conf of one static origin (one nginx per origin, so a tester can stop one remote's origin and
 * watch the rest of the page keep working): gzip and brotli (static and on the fly), ETags, `nosniff`,
 * CORS for the storefront's origin only.
 * @param {{ name: string, port: number, root: string, kind: 'remote'|'deploy' }} origin
 * @param {{ runDir: string, storefrontOrigin: string, brotli: boolean }} o `runDir` holds the pid file,
 *   temp folders and logs of this nginx
 * @returns {{ 'nginx.conf': string, 'cors.conf': string }}
 */
export function nginxConfig(origin, { runDir, storefrontOrigin, brotli }) {
  const types = 'application/javascript application/json text/css image/svg+xml text/plain';
  const conf = [
    ...(brotli ? ['load_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;', 'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;'] : []),
    'daemon off;',
    ...(process.getuid?.() === 0 ? ['user root;'] : []), // workers read the build and the deploy store where the launcher wrote them
    'worker_processes 1;',
    `pid ${runDir}/nginx.pid;`,
    `error_log ${runDir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    '  sendfile on;',
    '  etag on;',
    '  server_tokens off;',
    `  client_body_temp_path ${runDir}/body;`,
    `  proxy_temp_path ${runDir}/proxy;`,
    `  fastcgi_temp_path ${runDir}/fastcgi;`,
    `  uwsgi_temp_path ${runDir}/uwsgi;`,
    `  scgi_temp_path ${runDir}/scgi;`,
    `  gzip on; gzip_vary on; gzip_min_length 512; gzip_types ${types};`,
    ...(brotli ? [`  brotli on; brotli_static on; brotli_min_length 512; brotli_types ${types};`] : []),
    `  map $http_origin $cors_origin { default ""; "${storefrontOrigin}" $http_origin; }`,
    '  server {',
    `    listen 127.0.0.1:${origin.port};`,
    `    root ${origin.root};`,
    '    autoindex off;',
    ...(origin.kind === 'deploy' ? DEPLOY_LOCATIONS : REMOTE_LOCATIONS),
    '  }',
    '}',
  ];
  const cors = [
    'add_header Access-Control-Allow-Origin $cors_origin always;',
    'add_header Vary Origin always;',
    'add_header X-Content-Type-Options nosniff always;',
  ];
  return { 'nginx.conf': `${conf.join('\n')}\n`, 'cors.conf': `${cors.join('\n')}\n` };
}
