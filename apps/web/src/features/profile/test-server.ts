// Test-only: the profile's API as a fake server behind apiFetch.
import {
  api,
  NOTIFICATION_DEFAULTS,
  referenceApi,
  type NotificationSettings,
  type Profile,
} from '@cabinet/contract';
import type { ApiInit } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';

export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 5,
    fio: 'Петрова Анна Сергеевна',
    birthday: '1970-01-01',
    email: 'anna@example.com',
    sex: 'female',
    phone: '79161234567',
    education: [
      { id: 'bachelor', title: 'Бакалавриат', selected: true },
      { id: 'master', title: 'Магистратура', selected: false },
    ],
    university: 'МГУ имени М. В. Ломоносова',
    course: '3',
    group_header: 'ЭК-31',
    training_form: [
      { id: 'full-time', title: 'Очная', selected: false },
      { id: 'extramural', title: 'Заочная', selected: true },
    ],
    is_telegram_contact: true,
    is_viber_contact: false,
    is_whatsapp_contact: false,
    telegram: '@anna_p',
    sms_delivery: true,
    email_delivery: false,
    unisender_status: { id: 0, title: 'Не подписан на рассылку' },
    diplom_half_price: { id: 4 },
    diplom_hp_popup: false,
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

export function fakeProfileServer(options: { profile?: Profile; popup?: boolean } = {}) {
  const state = {
    profile: options.profile ?? profileFixture(),
    popup: options.popup ?? false,
    session: {} as Record<string, unknown>,
    notifications: {
      events: structuredClone(NOTIFICATION_DEFAULTS),
      channels: ['email', 'push'],
    } as NotificationSettings,
    notificationsError: null as ApiError | null,
    patchError: null as ApiError | null,
    unlinkError: null as ApiError | null,
    calls: [] as Call[],
  };
  const handle = async (path: string, init: ApiInit = {}): Promise<unknown> => {
    const method = init.method ?? 'GET';
    state.calls.push({ method, path, body: init.body });
    const key = `${method} ${path.split('?')[0]}`;
    switch (key) {
      case `GET ${api.profile.root}`:
        return state.profile;
      case `PATCH ${api.profile.root}`:
        if (state.patchError) throw state.patchError;
        state.profile = { ...state.profile, ...(init.body as object) } as Profile;
        return state.profile;
      case `POST ${api.profile.subscribe}`:
      case `DELETE ${api.profile.subscribe}`: {
        const on = method === 'POST';
        state.profile = {
          ...state.profile,
          unisender_status: on
            ? { id: 1, title: 'Подписан на рассылку' }
            : { id: 2, title: 'Отписался от рассылки' },
        };
        return { detail: 'ok', unisender_status: state.profile.unisender_status };
      }
      case `GET ${api.profile.notifications}`:
        return state.notifications;
      case `PATCH ${api.profile.notifications}`: {
        if (state.notificationsError) throw state.notificationsError;
        const patch = (init.body as { events: Partial<NotificationSettings['events']> }).events;
        const events = { ...state.notifications.events };
        for (const [event, flags] of Object.entries(patch) as Array<[keyof typeof events, object]>) {
          events[event] = { ...events[event], ...flags };
        }
        state.notifications = { ...state.notifications, events };
        return state.notifications;
      }
      case `GET ${api.auth.socialLinks}`:
        return [
          { network_name: 'vk', link: '/client/api/socials/start/vk/', is_linked: true },
          { network_name: 'google', link: '/client/api/socials/start/google/', is_linked: false },
          // Not configured on this server: no link to offer.
          { network_name: 'yandex', link: '', is_linked: false },
        ];
      case `DELETE ${api.profile.socialLink('vk')}`:
        if (state.unlinkError) throw state.unlinkError;
        return { detail: 'Соцсеть отвязана' };
      case `POST ${api.profile.callbacks}`:
        return { detail: 'Заявка принята' };
      case `GET ${api.profile.avatar}`:
        return { avatars: {} };
      case `GET ${api.profile.profilePopup}`:
        return { is_need_show: state.popup };
      case `PATCH ${api.profile.popup}`:
        state.popup = false;
        return { is_need_show: false };
      case `GET ${api.profile.session}`:
        return state.session;
      case `POST ${api.profile.session}`:
        state.session = { ...state.session, ...(init.body as object) };
        return state.session;
      default:
        if (path.startsWith(referenceApi.universities)) return [];
        throw ApiError.fromResponse(404, { detail: `нет в фейковом сервере: ${key}` });
    }
  };
  const callsTo = (method: string, path: string) =>
    state.calls.filter((c) => c.method === method && c.path === path);
  return { state, handle, callsTo };
}
