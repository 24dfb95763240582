// What the server says at start in production when it runs on stand-ins: each check returns one
// line per problem, and main.ts logs every line as a warning.
import { EXAMPLE_SETTINGS, type Config } from './config.ts';

type ExampleSetting = keyof typeof EXAMPLE_SETTINGS;

/** Each example setting's value in the parsed config. */
const CURRENT: Record<ExampleSetting, (config: Config) => string> = {
  OPERATOR_COMPANY: (c) => c.operator.company,
  OPERATOR_ADDRESS: (c) => c.operator.address,
  OPERATOR_REGISTER: (c) => c.operator.register,
  OPERATOR_VAT: (c) => c.operator.vatNumber,
  OPERATOR_RESPONSIBLE: (c) => c.operator.responsiblePerson,
  OPERATOR_SUPPORT_EMAIL: (c) => c.operator.supportEmail,
  OPERATOR_DPO_EMAIL: (c) => c.operator.dpoEmail,
  OPERATOR_PHONE: (c) => c.operator.phone,
  MAIL_FROM: (c) => c.mail.from,
};

/** One line for every operator setting still at its example value (shown in footers, legal pages, e-mail). */
export function exampleSettingWarnings(config: Config): string[] {
  return (Object.keys(CURRENT) as ExampleSetting[])
    .filter((name) => CURRENT[name](config) === EXAMPLE_SETTINGS[name])
    .map((name) => `${name} is still the example value "${EXAMPLE_SETTINGS[name]}": set the operator's real one (README, Settings)`);
}
