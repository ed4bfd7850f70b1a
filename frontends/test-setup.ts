import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 needs these, and jsdom lacks them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
