import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResultCode } from '@core/contracts/common';
import { Messages, fail, familyOf, isApiPath, routePath } from './envelopes';

const NOT_BUILT = '控制台尚未构建，请先运行 npm run build (console not built yet: run npm run build)';

function noCache(filePath: string): boolean {
  const normalized = filePath.split(path.sep).join('/');
  return normalized.endsWith('/index.html') || normalized.endsWith('/static/version.txt');
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

function sendIndex(request: FastifyRequest, reply: FastifyReply, staticDir: string): FastifyReply {
  const isDemo = request.url === '/demo' || request.url.startsWith('/demo/') || request.url.startsWith('/demo?');
  const file = isDemo ? 'demo/index.html' : 'index.html';
  if (!fs.existsSync(path.join(staticDir, file))) {
    return reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
  }
  reply.header('Cache-Control', 'no-cache');
  return reply.sendFile(file, staticDir);
}

/**
 * Serves the built console from STATIC_DIR; GETs for html that match no file and no API path get
 * the console (`/demo/...` gets the demo portal) so history routing survives a reload.
 */
export const staticPlugin = fp<{ staticDir: string }>(
  async (app, { staticDir }) => {
    const exists = fs.existsSync(staticDir);
    if (exists) {
      await app.register(fastifyStatic, {
        root: staticDir,
        prefix: '/',
        wildcard: true,
        index: ['index.html'],
        setHeaders: (reply, filePath) => {
          if (noCache(filePath)) reply.header('Cache-Control', 'no-cache');
        },
      });
    } else {
      app.log.warn({ staticDir }, 'static directory missing: console not built');
    }

    app.setNotFoundHandler((request, reply) => {
      if (isApiPath(routePath(request))) {
        return reply.code(404).send(fail(familyOf(routePath(request)), ResultCode.NOT_FOUND, Messages.NOT_FOUND));
      }
      if ((request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request)) {
        if (!exists) return reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
        return sendIndex(request, reply, staticDir);
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    });
  },
  { name: 'mes-static' },
);
