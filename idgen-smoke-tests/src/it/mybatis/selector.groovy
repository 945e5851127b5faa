return evaluate(new File(smokeScripts, 'postgres-available.groovy'))
