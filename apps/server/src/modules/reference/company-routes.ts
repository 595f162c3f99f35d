import { CompanySchema, companyApi, supportPhoneLink, type Company } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

/**
 * The operator's details as configured (an unset one, development only, is null), the support
 * phone, and whether the test bank takes the payments.
 */
export function companyOf(config: Config): Company {
  return {
    name: config.COMPANY_NAME || null,
    inn: config.COMPANY_INN || null,
    ogrn: config.COMPANY_OGRN || null,
    address: config.COMPANY_ADDRESS || null,
    email: config.COMPANY_EMAIL || null,
    // The placeholder (spec §9) or an empty setting is no phone: the web app then shows none.
    support_phone: supportPhoneLink(config.SUPPORT_PHONE)?.label ?? null,
    test_payments: config.PAYMENTS_PROVIDER === 'test',
  };
}

/**
 * Public: the documents and the footers of visitor pages show who runs the service; the money
 * screens, whether their payments are test ones.
 */
export default async function companyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const company = companyOf(app.config);
  app.get(
    companyApi,
    {
      schema: {
        tags: ['reference'],
        summary:
          'Реквизиты владельца сервиса: наименование, ИНН, ОГРН, адрес, e-mail; телефон поддержки; идут ли платежи через тестовый банк',
        response: { 200: CompanySchema },
      },
    },
    // They change only with a restart: five minutes in any cache is fine.
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(company),
  );
}
