import { t } from '../../lib/locale/i18n';
import type { useWelcome } from './use-welcome';

/** The first-run page: what is sent, to whom and when, and the question (`locked`: a policy's). */
export function WelcomeView(props: NonNullable<ReturnType<typeof useWelcome>>) {
  const { serviceBaseUrl, chosen, locked, onChoose } = props;
  return (
    <main class="welcome">
      <h1>{t('welcomeTitle')}</h1>
      <p>{t('welcomeIntro')}</p>
      <h2>{t('welcomeWhatHeading')}</h2>
      <p>{t('welcomeWhat')}</p>
      <h2>{t('welcomeWhoHeading')}</h2>
      <p>{t('welcomeWho', serviceBaseUrl)}</p>
      <h2>{t('welcomeWhenHeading')}</h2>
      <p>{t('welcomeWhen')}</p>
      <h2>{t('welcomeNeverHeading')}</h2>
      <p>{t('welcomeNever')}</p>
      {locked ? (
        <p role="status">{t('welcomeLocked')}</p>
      ) : (
        <div class="welcome-choices">
          <button type="button" onClick={() => onChoose('automatic')}>
            {t('welcomeAllowAutomatic')}
          </button>
          <button type="button" onClick={() => onChoose('on-click')}>
            {t('welcomeOnClickOnly')}
          </button>
        </div>
      )}
      {chosen !== null && (
        <p role="status">
          {t(chosen === 'automatic' ? 'welcomeChoseAutomatic' : 'welcomeChoseOnClick')}
        </p>
      )}
      <p>
        <a href="/options.html">{t('welcomeOpenSettings')}</a>
      </p>
    </main>
  );
}
