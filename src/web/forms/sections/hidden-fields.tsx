// Fields a page carries without asking (the UK page's services, filled in for a known place).
import { useFormContext } from 'react-hook-form';

export function hiddenFields(...names: string[]) {
  return function HiddenFields() {
    const { register } = useFormContext();
    return names.map((name) => <input key={name} type="hidden" {...register(name)} />);
  };
}
