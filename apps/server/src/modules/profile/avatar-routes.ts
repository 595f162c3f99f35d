import multipart from '@fastify/multipart';
import { AVATAR_MAX_MB, AvatarSchema, api, avatarMessages, text } from '@cabinet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { HttpError, errorMessages } from '../../plugins/errors';
import { AVATAR_SWEEP_GRACE_HOURS, AvatarService, sweepAvatarFiles } from './avatar';
import { runEvery } from '../../plugins/jobs';

const tags = ['profile'];
const security = [{ bearer: [] }];
const MB = 1024 * 1024;

/** The one file of the request, read whole (at most AVATAR_MAX_MB): sharp decodes from memory. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part) throw new HttpError(400, avatarMessages.noFile);
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, avatarMessages.tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(400, avatarMessages.noFile);
    throw new HttpError(400, avatarMessages.uploadBroken);
  }
}

/**
 * The avatar (spec §3 "Avatar"): `GET` the map of sizes, `POST` an image (multipart),
 * `DELETE` back to initials; and the images themselves. An image URL is public, because an
 * `<img>` sends no token, but unguessable (128 random bits, new with every upload) and answers
 * only while it is someone's current avatar.
 */
export default async function avatarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const avatars = new AvatarService(app.database.db, app.storage);

  // The avatar images nobody points to, a few times within the grace period.
  runEvery(app, {
    name: 'sweep of orphaned avatar images',
    everyMs: (AVATAR_SWEEP_GRACE_HOURS * 60 * 60 * 1000) / 4,
    run: () => sweepAvatarFiles(app.database.db, app.storage),
    done: { message: 'swept orphaned avatar images', countKey: 'removed' },
  });

  app.get(
    api.profile.avatar,
    {
      schema: {
        tags,
        security,
        summary: 'Аватар: ссылки на квадраты 64, 128 и 256 px (пустой объект, когда фото нет)',
        response: { 200: AvatarSchema, ...errorResponses(401) },
      },
    },
    async (request) => avatars.get(request.userId),
  );

  app.delete(
    api.profile.avatar,
    {
      schema: {
        tags,
        security,
        summary: 'Удалить аватар: вместо фото снова инициалы',
        response: { 200: AvatarSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await avatars.remove(request.userId);
      return { avatars: {} };
    },
  );

  app.get(
    `${api.profile.avatar}:file`,
    {
      schema: {
        tags,
        summary: 'Изображение аватара (WebP); адрес случайный и меняется с каждой загрузкой',
        params: z.object({ file: text() }),
        response: { 200: z.unknown().describe('Изображение WebP'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const content = await avatars.open(request.params.file);
      if (!content) throw new HttpError(404, errorMessages.notFound);
      // An <img> shows it whatever the disposition; opened as an address, it is downloaded like
      // every file the server answers (test/file-downloads.test.ts holds every such route to it).
      return reply
        .type('image/webp')
        .header('content-disposition', 'attachment')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(content);
    },
  );

  // Multipart only on the upload route (its hooks would otherwise run on every request).
  await app.register(async function avatarUpload(scope: FastifyInstance) {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_MAX_MB * MB, files: 1, fields: 5, parts: 10 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      api.profile.avatar,
      {
        // Decoding an image costs CPU and memory: limited per address like the title pages.
        preHandler: scope.rateLimits.route('avatar-upload'),
        schema: {
          tags,
          security,
          summary: `Загрузить фото (multipart, одно изображение до ${AVATAR_MAX_MB} МБ): JPEG, PNG, WebP, GIF, AVIF; HEIC — нет`,
          consumes: ['multipart/form-data'],
          response: { 200: AvatarSchema, ...errorResponses(400, 401, 413, 429) },
        },
      },
      async (request) => avatars.replace(request.userId, await readImage(request)),
    );
  });
}
