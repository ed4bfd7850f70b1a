import type { ButtonHTMLAttributes } from 'react';

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' | 'link' }) {
  return <button type="button" className={`btn btn-${variant} ${className}`.trim()} {...props} />;
}
