// The frame of My Images and My Listings: one kind of work as a list, with the button that makes
// more of it beside the title.
import { Button, ScreenFrame, theme } from '@studio/kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ScreenHeader } from './books/Screen';

export interface ListScreenProps {
  title: string;
  subtitle: string;
  create: { to: string; label: string };
  children: ReactNode;
}

export function ListScreen({ title, subtitle, create, children }: ListScreenProps) {
  return (
    <ScreenFrame maxWidth={1200}>
      <ScreenHeader
        heading={<h1 css={{ fontSize: theme.fontSizes.xxl, fontWeight: 800 }}>{title}</h1>}
        subtitle={subtitle}
        alignActions="center"
        actions={
          <Button asChild>
            <Link to={create.to}>{create.label}</Link>
          </Button>
        }
      />
      {children}
    </ScreenFrame>
  );
}
