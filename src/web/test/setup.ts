import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI is a busy 2-core machine: a lazy chunk or a state update may take seconds there. findBy and
// waitFor wait for the state, so a generous ceiling costs nothing when things are fast.
configure({ asyncUtilTimeout: 10_000 });

afterEach(cleanup);

// Forms keep their answers in sessionStorage until a successful submit: each test starts afresh.
afterEach(() => sessionStorage.clear());
