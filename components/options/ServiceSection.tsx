import { useState } from 'preact/hooks';
import { t, uiLocale } from '../../lib/locale/i18n';
import type { DeprecationNotice } from '../../lib/service/deprecation-notice';
import { LockedNote } from './ChoiceSection';
import { useServiceChoice } from './use-options';

function dateText(time: number): string {
  return new Intl.DateTimeFormat(uiLocale(), { dateStyle: 'medium' }).format(time);
}

/** The service's own notice that its route is being retired, as plain text, once. */
function DeprecationNote({ notice }: { notice: DeprecationNotice }) {
  return (
    <div class="service-deprecation" role="note">
      <p>
        <strong>{t('serviceDeprecationTitle')}</strong>
      </p>
      {notice.deprecatedSince !== null && (
        <p>{t('serviceDeprecationSince', dateText(notice.deprecatedSince))}</p>
      )}
      {notice.sunsetAt !== null && (
        <p>{t('serviceDeprecationSunset', dateText(notice.sunsetAt))}</p>
      )}
      {notice.successor !== null && (
        <p class="service-successor">{t('serviceDeprecationSuccessor', notice.successor)}</p>
      )}
      <p class="hint">{t('serviceDeprecationKeeps')}</p>
    </div>
  );
}

export function ServiceSection(props: {
  baseUrl: string;
  defaultBaseUrl: string;
  locked: boolean;
}) {
  const { baseUrl, defaultBaseUrl, locked } = props;
  const { choice, access, deprecation, onSave, onReset, onAllowAccess } = useServiceChoice(baseUrl);
  const [draft, setDraft] = useState(baseUrl);
  return (
    <section aria-labelledby="service-heading">
      <h2 id="service-heading">{t('optionsServiceHeading')}</h2>
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(draft);
        }}
      >
        <label>
          {t('optionsServiceLabel')}
          <input
            type="url"
            value={draft}
            disabled={locked}
            onInput={(event) => setDraft(event.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={locked}>
          {t('optionsServiceSave')}
        </button>
        <button
          type="button"
          disabled={locked || baseUrl === defaultBaseUrl}
          onClick={() => {
            setDraft(defaultBaseUrl);
            onReset();
          }}
        >
          {t('optionsServiceReset')}
        </button>
      </form>
      {locked && <LockedNote />}
      {access && !access.permitted && (
        <div class="service-access" role="alert">
          <p>{t('optionsServiceNotPermitted', access.host)}</p>
          <button type="button" onClick={onAllowAccess}>
            {t('optionsServiceAllow', access.host)}
          </button>
        </div>
      )}
      <p class="hint">{t('optionsServiceDefault', defaultBaseUrl)}</p>
      {choice?.kind === 'invalid' && <p role="alert">{t('optionsServiceInvalid')}</p>}
      {choice?.kind === 'refused' && <p role="alert">{t('optionsServiceRefused', choice.host)}</p>}
      {(choice?.kind === 'saved' || choice?.kind === 'reset') && (
        <p role="status">{t('optionsServiceSaved', baseUrl)}</p>
      )}
      {deprecation?.baseUrl === baseUrl && <DeprecationNote notice={deprecation} />}
    </section>
  );
}
