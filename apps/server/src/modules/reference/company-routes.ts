import { CompanySchema, companyApi, supportPhoneLink, type Company } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

/**
 * The operator a development server names when none is configured: the demo's first look then
 * reads as a working service, not as a page asking for settings. Made up, and says so; never in
 * production, which refuses to start without the real details (config.ts).
 */
export const DEMO_OPERATOR = {
  name: 'ООО «Демо-оператор» (вымышленная организация для демонстрации)',
  inn: '0000000000',
  ogrn: '0000000000000',
  address: '000000, г. Москва, ул. Примерная, д. 0 (демонстрационный адрес)',
  email: 'operator@example.com',
} as const;

/**
 * The operator's details as configured, the support phone, and whether the test bank takes the
 * payments. In development with none of the details set, the demo operator; an unset one
 * otherwise (tests, a half-configured development) is null, for the placeholder naming the setting.
 */
export function companyOf(config: Config): Company {
  const unset =
    !config.COMPANY_NAME && !config.COMPANY_INN && !config.COMPANY_OGRN && !config.COMPANY_ADDRESS;
  const demo = config.NODE_ENV === 'development' && unset;
  return {
    name: demo ? DEMO_OPERATOR.name : config.COMPANY_NAME || null,
    inn: demo ? DEMO_OPERATOR.inn : config.COMPANY_INN || null,
    ogrn: demo ? DEMO_OPERATOR.ogrn : config.COMPANY_OGRN || null,
    address: demo ? DEMO_OPERATOR.address : config.COMPANY_ADDRESS || null,
    email: demo ? (config.COMPANY_EMAIL ?? DEMO_OPERATOR.email) : config.COMPANY_EMAIL || null,
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
