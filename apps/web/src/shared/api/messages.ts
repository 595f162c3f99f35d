/** The client's own messages of spec §8, verbatim. */
export const apiMessages = {
  noResponse: 'Сервер не отвечает',
  cancelled: (reason: string) => `Запрос отменён: ${reason}`,
  accessTokenMissing: 'Access token should be defined',
  httpStatus: (status: number) => `Ошибка сервера (${status})`,
} as const;

/** What the server says when a refresh token is missing, expired or reused (spec §8). */
export const NOT_AUTHORIZED = 'not authorized';
