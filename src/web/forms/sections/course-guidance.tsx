// After "No" to the training question: what to do, with the market's course page (COURSE_URL_*)
// when it is configured, else whom to ask. The application can still be sent.
import { useTranslation } from 'react-i18next';
import { useSite } from '../../lib/site-context.tsx';
import { useFormText } from '../form-text.tsx';

export function CourseGuidance() {
  const { t } = useTranslation();
  const text = useFormText();
  const { config } = useSite();
  const email = config.operator.supportEmail;
  return (
    <div className="pc-course-guidance" role="status">
      <p className="pc-body">{text('courseGuidance.text')}</p>
      {config.courseUrl ? (
        <p className="pc-body">
          <a href={config.courseUrl} target="_blank" rel="noopener noreferrer">
            {text('courseGuidance.link')}
            <span className="visually-hidden"> {t('form.courseGuidance.newTab')}</span>
          </a>
        </p>
      ) : email ? (
        <p className="pc-body">{text('courseGuidance.ask', { email })}</p>
      ) : null}
    </div>
  );
}
